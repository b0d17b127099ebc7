/**
 * Configuration the browser may see. Next.js inlines NEXT_PUBLIC_* at build time, so each is
 * read by its full name here.
 */
export const publicEnv = {
  apiUrl: process.env.NEXT_PUBLIC_API_URL || '/api',
  bookApiUrl: process.env.NEXT_PUBLIC_BOOK_API_URL || process.env.NEXT_PUBLIC_API_URL || '/api',
  siteUrl: (process.env.NEXT_PUBLIC_SITE_URL || 'http://localhost:3000').replace(/\/$/, ''),
  chapterSignKey: process.env.NEXT_PUBLIC_CHAPTER_SIGN_KEY || 'truyen-audio-chapter-sign',
  adClient: process.env.NEXT_PUBLIC_AD_CLIENT || '',
  fanpageUrl: process.env.NEXT_PUBLIC_FANPAGE_URL || 'https://www.facebook.com/truyenaudio',
  tokenSyncUrl: process.env.NEXT_PUBLIC_TOKEN_SYNC_URL || '',
  appStoreUrl: process.env.NEXT_PUBLIC_APP_STORE_URL || 'https://apps.apple.com/',
  playStoreUrl: process.env.NEXT_PUBLIC_PLAY_STORE_URL || 'https://play.google.com/store',
};
