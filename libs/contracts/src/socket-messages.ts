/** The largest request body of the live channel (Socket.IO's `maxHttpBufferSize`): its messages are small. */
export const LIVE_BODY_MAX_BYTES = 16 * 1024;

export const socketMessages = {
  notSignedIn: 'Sign in or continue as a guest to receive live updates',
  userMismatch: 'This connection does not belong to that user',
  guestMismatch: 'This connection does not belong to that guest',
  badSession: 'Your session has expired. Please refresh the page to log in again.',
  invalidVideo: 'Invalid YouTube video id',
  tooManyJoins: 'Too many video changes: please slow down',
  tooManyMessages: 'Too many live messages: the connection was closed',
  tooManyRooms: 'Too many videos open on one connection',
  tooManySockets: 'Too many live connections: close some tabs and try again',
  unavailable: 'Live updates are unavailable right now',
  tooLarge: `A live message is ${LIVE_BODY_MAX_BYTES / 1024} kB at most`,
  lengthRequired: 'A live message must say its length (Content-Length)',
  unknownMessage: 'Unknown live message: the channel takes join_video and activate_x_account',
  jsonpRefused: 'JSONP polling is not supported: connect with XHR polling or a WebSocket',
} as const;
