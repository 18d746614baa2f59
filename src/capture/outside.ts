/**
 * The capture sandbox's watch on the way out. Inside the sandbox's network namespace every IPv4
 * and IPv6 address is routed to loopback (sandbox.ts), so an agent that tries to leave reaches
 * this process instead of the network: a DNS server on port 53 (UDP and TCP) answers every query
 * "no such name" and records the name; listeners on the common outbound ports record the address
 * and port an agent dialled and close the connection. A connection to any other port is refused
 * at once by the kernel. Nothing is ever forwarded.
 */
import * as dgram from 'node:dgram';
import * as net from 'node:net';
import * as dnsPacket from 'dns-packet';

/** One attempt to reach something that is not the fake endpoint. */
export interface OutsideAttempt {
  readonly kind: 'dns' | 'connect';
  /** The name looked up (dns), or the address dialled (connect). */
  readonly target: string;
  /** The port dialled (connect). */
  readonly port?: number;
}

export interface OutsideWatch {
  readonly attempts: readonly OutsideAttempt[];
  /** Resolves at the first attempt that is not tolerated. */
  readonly first: Promise<OutsideAttempt>;
  close(): Promise<void>;
}

/** The ports listened on besides DNS: web, ssh, git, the usual proxies and alternates. */
export const WATCHED_PORTS = [80, 443, 22, 9418, 8080, 8443, 3128, 1080];

/** The one line an attempt is reported in. */
export function describeAttempt(a: OutsideAttempt): string {
  return a.kind === 'dns' ? `looked up ${a.target}` : `connected to ${a.target.includes(':') ? `[${a.target}]` : a.target}:${a.port}`;
}

function isLoopback(address: string): boolean {
  const a = address.replace(/^::ffff:/, '');
  return a.startsWith('127.') || a === '::1';
}

const NXDOMAIN = 3;

/** A "no such name" answer to `query`, or null when it does not decode. */
function refusal(query: Buffer, record: (name: string) => void): Buffer | null {
  let packet: dnsPacket.Packet;
  try {
    packet = dnsPacket.decode(query);
  } catch {
    return null;
  }
  for (const q of packet.questions ?? []) record(q.name);
  return dnsPacket.encode({
    type: 'response',
    id: packet.id,
    flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | NXDOMAIN,
    questions: packet.questions,
  });
}

function listenTcp(server: net.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve) => {
    server.once('error', () => resolve());
    server.listen({ port, host, ipv6Only: host === '::' }, () => resolve());
  });
}

/**
 * Starts the watch. Listeners that cannot be had (a port taken, no IPv6) are left out: the kernel
 * still refuses those connections, unnamed.
 */
export async function watchOutside(tolerated: (a: OutsideAttempt) => boolean = () => false): Promise<OutsideWatch> {
  const attempts: OutsideAttempt[] = [];
  let announce: (a: OutsideAttempt) => void = () => {};
  const first = new Promise<OutsideAttempt>((resolve) => (announce = resolve));
  const add = (a: OutsideAttempt) => {
    if (attempts.length < 100 && !attempts.some((b) => b.kind === a.kind && b.target === a.target && b.port === a.port)) attempts.push(a);
    if (!tolerated(a)) announce(a);
  };
  const closers: (() => Promise<void>)[] = [];

  for (const type of ['udp4', 'udp6'] as const) {
    const udp = dgram.createSocket({ type, ipv6Only: type === 'udp6' });
    udp.on('message', (msg, rinfo) => {
      const answer = refusal(msg, (name) => add({ kind: 'dns', target: name }));
      if (answer) udp.send(answer, rinfo.port, rinfo.address);
    });
    const bound = await new Promise<boolean>((resolve) => {
      udp.once('error', () => resolve(false));
      udp.bind(53, type === 'udp4' ? '0.0.0.0' : '::', () => resolve(true));
    });
    if (bound) closers.push(() => new Promise((resolve) => udp.close(() => resolve())));
  }

  const servers: net.Server[] = [];
  for (const host of ['0.0.0.0', '::']) {
    // DNS over TCP: one length-prefixed query per connection is enough to name it.
    const dns = net.createServer((socket) => {
      let buffered = Buffer.alloc(0);
      socket.on('data', (chunk: Buffer) => {
        buffered = Buffer.concat([buffered, chunk]).subarray(0, 65_537);
        if (buffered.length < 2 || buffered.length < 2 + buffered.readUInt16BE(0)) return;
        const answer = refusal(buffered.subarray(2, 2 + buffered.readUInt16BE(0)), (name) => add({ kind: 'dns', target: name }));
        if (answer) {
          const length = Buffer.alloc(2);
          length.writeUInt16BE(answer.length);
          socket.end(Buffer.concat([length, answer]));
        } else socket.destroy();
      });
      socket.on('error', () => {});
    });
    await listenTcp(dns, 53, host);
    servers.push(dns);
    for (const port of WATCHED_PORTS) {
      const server = net.createServer((socket) => {
        const target = socket.localAddress ?? '';
        if (!isLoopback(target)) add({ kind: 'connect', target: target.replace(/^::ffff:/, ''), port });
        socket.on('error', () => {});
        socket.destroy();
      });
      await listenTcp(server, port, host);
      servers.push(server);
    }
  }
  for (const s of servers) if (s.listening) closers.push(() => new Promise((resolve) => s.close(() => resolve())));
  return {
    attempts,
    first,
    close: async () => {
      await Promise.all(closers.map((c) => c()));
    },
  };
}
