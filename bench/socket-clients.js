// Polling Socket.IO clients in a process of their own, for the realtime benchmark.
// argv: mode (ours|bare), count, comma-separated URLs, cookie, room. Talks to its parent over IPC.
const { io } = require('socket.io-client');

const [mode, countText, urlList, cookie, room] = process.argv.slice(2);
const count = Number(countText);
const urls = urlList.split(',');
const latencies = [];
const sockets = [];

function connectOne(i) {
  return new Promise((resolve, reject) => {
    const socket = io(urls[i % urls.length], {
      path: '/socket.io',
      transports: ['polling'],
      reconnection: false,
      extraHeaders: { cookie },
      timeout: 60_000,
    });
    sockets.push(socket);
    socket.on('connect_error', reject);
    socket.on('VIDEO_ANALYZED', (event) => latencies.push(Date.now() - Date.parse(event.sentAt)));
    if (mode === 'ours') {
      socket.once('AUTH_CONFIRMED', () => socket.emit('join_video', { videoId: room, leaveOthers: true }, () => resolve()));
    } else {
      socket.once('connect', () => socket.emit('join', room, () => resolve()));
    }
  });
}

(async () => {
  for (let i = 0; i < count; i += 50) {
    await Promise.all(Array.from({ length: Math.min(50, count - i) }, (_, k) => connectOne(i + k)));
  }
  process.send({ ready: true });
  process.on('message', (message) => {
    if (message === 'report') {
      process.send({ latencies, received: latencies.length });
      for (const socket of sockets) socket.disconnect();
      setTimeout(() => process.exit(0), 200);
    }
  });
})().catch((error) => {
  process.send({ error: String(error) });
  process.exit(1);
});
