/**
 * The reader's unread count, shared by the header's bell and the notification centre in this
 * tab: whichever learns a new count from the server tells the other.
 */
type Listener = () => void;

let unread: number | null = null;
const listeners = new Set<Listener>();

export function unreadCount(): number | null {
  return unread;
}

export function setUnreadCount(value: number | null): void {
  if (value === unread) return;
  unread = value;
  listeners.forEach((listener) => listener());
}

export function subscribeUnread(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The query parameter a clicked push adds to the chapter's address: the entry to mark read. */
export const OPENED_NOTIFICATION_PARAM = 'tb';
