import helmet from 'helmet';

/** Helmet with a CSP that still lets the app embed YouTube clips and show their thumbnails. */
export const securityHeaders = () =>
  helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", 'https://www.youtube.com', 'https://s.ytimg.com'],
        'frame-src': ['https://www.youtube-nocookie.com', 'https://www.youtube.com'],
        'img-src': ["'self'", 'data:', 'https://i.ytimg.com', 'https://img.youtube.com', 'https://*.googleusercontent.com'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'connect-src': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'self'"],
      },
    },
    // YouTube's embeds are not served with CORP headers, so COEP would block them.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
