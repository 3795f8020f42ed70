/** The phone family a page runs on, for the one-tap eSIM install link it can use. */
export type Platform = 'android' | 'ios' | 'other';

/**
 * platformOf reads the platform from a user agent. iPadOS in its default desktop mode
 * reports a Mac, so a "Macintosh" with a touch screen (maxTouchPoints > 1) is iOS too;
 * real Macs report 0 touch points.
 */
export function platformOf(userAgent: string, maxTouchPoints = 0): Platform {
  if (/iPhone|iPad|iPod/.test(userAgent)) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  if (/Macintosh/.test(userAgent) && maxTouchPoints > 1) return 'ios';
  return 'other';
}

/** currentPlatform is platformOf the browser's navigator ('other' outside a browser). */
export function currentPlatform(): Platform {
  if (typeof navigator === 'undefined') return 'other';
  return platformOf(navigator.userAgent, navigator.maxTouchPoints ?? 0);
}
