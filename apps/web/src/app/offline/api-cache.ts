/**
 * Forgets every API answer kept for offline use, for every account: on sign-out (the next person
 * on this browser must not find them) and on sign-in (a fresh start for the account).
 */
export async function clearApiCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const keys = await caches.keys();
  await Promise.all(keys.filter((key) => key.startsWith('voxpress-api')).map((key) => caches.delete(key)));
}
