import type { Bookmark, UserProfile } from '../types';

/** The profile of `GET /api/user/me`: the API's UserProfile plus the identity's email check. */
export interface AccountProfile extends UserProfile {
  emailVerified: boolean;
}

/** What the header and pages know about the visitor. */
export type AuthStatus = 'unknown' | 'restoring' | 'signedIn' | 'signedOut';

/** The outcome of a sign-in or a restored session (spec §4). */
export interface SessionResult {
  profile: AccountProfile;
  bookmarks: Bookmark[];
}

export type AuthDialogType = 'login' | 'register';

/** A short message at the bottom of the screen (role=status, or alert for errors). */
export interface NoticeMessage {
  text: string;
  tone: 'success' | 'error' | 'info';
}
