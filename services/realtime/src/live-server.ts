/** The realtime service's typed Socket.IO server and sockets: the contract's events, our per-socket data. */
import type { ClientToServerEvents, ServerToClientEvents } from '@findclips/contracts';
import type { Server, Socket } from 'socket.io';
import type { Identity } from './handshake';

export interface SocketData {
  identity: Identity;
  /** The client's address, for the cap of sockets per address. */
  address: string;
  /** When this socket last joined videos, for the joins-per-minute limit. */
  joins: number[];
  /** When it sent its last messages of any kind (ms, monotonic), for its budget (`handleJoins`). */
  messages: number[];
  /** The rooms whose caps it counts against (its places among the handshakes being admitted). */
  capped: string[];
  /** Why the handshake refused it, told once it is connected. */
  refusal?: string;
}

export type LiveServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export const videoRoom = (videoId: string) => `video:${videoId}`;
/** A member's sockets that follow a video: where that member's private events of it go, and nowhere else. */
export const ownVideoRoom = (userId: number, videoId: string) => `user:${userId}:video:${videoId}`;
