import { createSocket } from 'node:dgram';
import { once } from 'node:events';
import * as packet from 'dns-packet';

export interface FakeDns {
  /** 127.0.0.1:PORT, for `dns.setServers` or a Resolver's. */
  server: string;
  /** The A records of a name from now on (none: it does not exist). */
  answer(name: string, addresses: string[]): void;
  close(): Promise<void>;
}

/**
 * A DNS server on 127.0.0.1 (UDP, RFC 1035 messages) that answers A queries for the names it is
 * given and NXDOMAIN for the rest, as Docker's embedded DNS answers a service's name with one A
 * record per container (`docker compose up --scale realtime=3`).
 */
export async function fakeDns(): Promise<FakeDns> {
  const names = new Map<string, string[]>();
  const socket = createSocket('udp4');
  socket.on('message', (message, peer) => {
    let query: packet.Packet;
    try {
      query = packet.decode(message);
    } catch {
      return;
    }
    const question = query.questions?.[0];
    if (!question) return;
    const addresses = names.get(question.name.toLowerCase());
    const answers: packet.Answer[] =
      question.type === 'A' && addresses
        ? addresses.map((data) => ({ type: 'A', class: 'IN', name: question.name, ttl: 0, data }))
        : [];
    const response = packet.encode({
      id: query.id,
      type: 'response',
      // Recursion desired, as asked; available; NXDOMAIN (3) for a name it does not hold.
      flags: packet.RECURSION_DESIRED | packet.RECURSION_AVAILABLE | (addresses ? 0 : 3),
      questions: [question],
      answers,
    });
    socket.send(response, peer.port, peer.address);
  });
  socket.bind(0, '127.0.0.1');
  await once(socket, 'listening');
  return {
    server: `127.0.0.1:${socket.address().port}`,
    answer: (name, addresses) => void names.set(name.toLowerCase(), addresses),
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
