// What `npm run screenshots` (acpChat.ts --screenshots) shows instead of test data: the README's
// images should look like a user's own window, not a test run's.

/** Screenshots mode: the sample folder under a name a real project might have (not a temporary folder's). */
export const SCREENSHOT_WORKSPACE = 'acme-web';
