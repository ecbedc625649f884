import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * What no page of ours uses, and so no frame in it may: YouTube's players included (motion sensors
 * help a page tell one device from another; a stranger's privacy audit).
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'browsing-topics=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ');

const permissionsPolicy: RequestHandler = (_req, res, next) => {
  res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
  next();
};

/**
 * Helmet with a CSP that still lets the app embed YouTube clips and show their thumbnails, and the
 * permissions no page uses turned off. Scripts are our own only: the players speak to the app by
 * messages, and allowing youtube.com's scripts would let its JSONP endpoints run any code here.
 * `upgrade-insecure-requests` only when the app is served over https (`PUBLIC_URL`): over plain
 * http on another address than this host's own (a LAN, a phone), it sent the browser for the
 * app's own scripts to https, where nothing answers, and the page stayed blank.
 */
export const securityHeaders = (publicUrl: string): RequestHandler[] => [
  permissionsPolicy,
  helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'frame-src': ['https://www.youtube-nocookie.com', 'https://www.youtube.com'],
        'img-src': ["'self'", 'data:', 'https://i.ytimg.com', 'https://img.youtube.com', 'https://*.googleusercontent.com'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'connect-src': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'self'"],
        'upgrade-insecure-requests': new URL(publicUrl).protocol === 'https:' ? [] : null,
      },
    },
    // YouTube's embeds are not served with CORP headers, so COEP would block them.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  }),
];
