import type { ClientToServerEvents, ServerToClientEvents } from '@findclips/contracts';
import { io, type Socket } from 'socket.io-client';

/**
 * The live channel's events are typed from one contract on both ends: this file does not compile
 * (and `npm test` stops at the typecheck) if a misspelt event or payload is ever accepted.
 */
describe('typed live events', () => {
  it('refuses, at compile time, an event name or payload the contract does not have', () => {
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io('http://127.0.0.1:9', { autoConnect: false });
    // @ts-expect-error a misspelt event name
    socket.emit('join_vidoe', { videoId: 'dQw4w9WgXcQ' });
    // @ts-expect-error a payload of the wrong shape
    socket.emit('join_video', { video: 'dQw4w9WgXcQ' });
    // @ts-expect-error an event the server never sends
    socket.on('VIDEO_ANALYSED', () => undefined);
    socket.on('VIDEO_ANALYZED', (event) => event.videoId);
    socket.emit('join_video', { videoId: 'dQw4w9WgXcQ', leaveOthers: true, transactionId: 1 });
    // Nothing was sent: the socket never connected.
    expect(socket.connected).toBe(false);
    socket.close();
  });
});
