import { createHash } from 'node:crypto';
/**
 * Every Redis key and channel the services share, in one place, under the deployment's prefix
 * (REDIS_KEY_PREFIX): the gateway writes sessions the realtime service reads, the gateway and the
 * worker meet on the queue and the event channels. Nothing agrees on a key by convention.
 */
import { clientAddressKey, clientNetworkKey } from './address';

export function redisKeys(prefix: string) {
  return {
    /** express-session's store prefix: the gateway writes sessions, the realtime service reads them. */
    sessions: `${prefix}sess:`,
    /** YouTube facts of a video, and a recent failure to look them up. */
    metadata: (videoId: string) => `${prefix}meta:${videoId}`,
    metadataFailure: (videoId: string) => `${prefix}meta:failed:${videoId}`,
    /** How a shared analysis failed before its video was stored. */
    unstoredFailure: (videoId: string) => `${prefix}analysis:failed:${videoId}`,
    /** A guest's credits, the credits spent from an address, the videos a guest analysed. */
    guestCredits: (guestId: string) => `${prefix}credits:guest:${guestId}`,
    addressCredits: (address: string) => `${prefix}credits:ip:${clientAddressKey(address)}`,
    guestVideos: (guestId: string) => `${prefix}credits:videos:${guestId}`,
    /** The guests who paid a credit for a video whose analysis is under way (see `GuestPayers`). */
    videoPayers: (videoId: string) => `${prefix}credits:payers:${videoId}`,
    /** A member's new analyses this hour. */
    memberAnalyses: (userId: number) => `${prefix}analyses:user:${userId}`,
    /** A request that paid for a job moments ago: requests for the same job, anyone's, join it. */
    paidJob: (jobKey: string) => `${prefix}analyses:paid:${jobKey}`,
    /** YouTube lookups from an address, from its network, and from everyone. */
    addressLookups: (address: string) => `${prefix}lookups:ip:${clientAddressKey(address)}`,
    networkLookups: (address: string) => `${prefix}lookups:net:${clientNetworkKey(address)}`,
    allLookups: `${prefix}lookups:all`,
    /** A rate limiter's counters (login, register, password checks…). */
    rateLimit: (name: string) => `${prefix}rl:${name}:`,
    /**
     * The delay before the next login attempt for an email, by its hash: a key of fixed length,
     * whatever a login names (an email of 100 kB), and no address in plain text.
     */
    loginDelay: (email: string) => `${prefix}rl:login-delay:${createHash('sha256').update(email).digest('base64url')}`,
    /** One visitor's view of a share, counted once a window. */
    shareView: (shareId: string, visitor: string) => `${prefix}view:${shareId}:${visitor}`,
    /** Live connections being admitted under a cap's room (see the realtime service's Admissions). */
    liveAdmissions: (room: string) => `${prefix}live:admitting:${room}`,
    /** Socket.IO's Redis adapter. */
    socketAdapter: `${prefix}socket.io`,
    /** BullMQ's keys. */
    queue: `${prefix}bull`,
    /** Pub/sub: analysis events for the realtime service; sessions the gateway ended. */
    analysisEvents: `${prefix}events:analysis`,
    sessionsEnded: `${prefix}events:sessions-ended`,
  };
}
