/** Debian's Chromium, as the end-to-end tests and Lighthouse start it on this offline machine. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || process.env.CHROME_PATH || '/usr/bin/chromium';

/** Without the background-networking flags Chromium keeps dialling Google's hosts, refused here. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
