/**
 * `npm run push:keys`: a new VAPID key pair for Web Push, printed as the two settings to put in
 * the site's environment (.env or the host's settings). Keep them: browsers subscribed with one
 * public key must subscribe again when it changes.
 */
import webpush from 'web-push';

const { publicKey, privateKey } = webpush.generateVAPIDKeys();
console.log('# Web Push (VAPID) keys: add both to the site settings; the private key is a secret.');
console.log(`VAPID_PUBLIC_KEY=${publicKey}`);
console.log(`VAPID_PRIVATE_KEY=${privateKey}`);
console.log('# Optional: VAPID_SUBJECT=mailto:you@example.com (how push services reach the operator)');
