/**
 * The reader's unread count, shared by the header's bell and the notification centre in this
 * tab: whichever learns a new count from the server tells the other.
 *
 * Counts come from two kinds of request that may be in flight together (a page opened from a
 * push asks for the count and marks its entry read at once): reads, and changes (mark read),
 * whose answer is the count after the change. A read's answer may have been taken from the
 * database before a change committed and still arrive after it, so it is applied only when no
 * change was on its way while it was (a change's answer carries the count then); a change's
 * answer only when no later change was sent.
 */
type Listener = () => void;

let unread: number | null = null;
const listeners = new Set<Listener>();
/** Changes sent so far, and those not answered yet. */
let changesSent = 0;
let changesPending = 0;

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

/** Call when a read of the count is sent; give its answer (undefined: it failed) to what it returns. */
export function readingUnread(): (answer: number | undefined) => void {
  const sentAfter = changesSent;
  // sent while a change was on its way, it may be answered before or after that change commits
  const overlapped = changesPending > 0;
  return (answer) => {
    if (answer !== undefined && !overlapped && changesPending === 0 && changesSent === sentAfter) setUnreadCount(answer);
  };
}

/** Call when a change is sent; give the count it answered (undefined: it failed) to what it returns, once. */
export function changingUnread(): (answer: number | undefined) => void {
  const change = ++changesSent;
  changesPending++;
  let done = false;
  return (answer) => {
    if (done) return;
    done = true;
    changesPending--;
    if (answer !== undefined && change === changesSent) setUnreadCount(answer);
  };
}

/** The query parameter a clicked push adds to the chapter's address: the entry to mark read. */
export const OPENED_NOTIFICATION_PARAM = 'tb';
