/**
 * A stand-in for a browser's push service and the browser behind it (RFC 8030, 8291, 8292): it hands out a device's
 * keys as PushSubscription.toJSON() would, receives what the server posts, checks the VAPID signature, and decrypts
 * the message with the device's private key, written here from the RFCs rather than with the library that encrypts.
 */
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify } from 'jose';

export interface Received {
  device: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');

export interface Device {
  name: string;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** The message as the device reads it: decrypted (RFC 8291, aes128gcm) and parsed. */
  read(body: Buffer): unknown;
}

export async function startPushStandIn() {
  const received: Received[] = [];
  /** What the service answers for a device: 201, or 410 once it is gone. */
  const answers = new Map<string, number>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const device = decodeURIComponent(request.url?.replace(/^\/push\//, '') ?? '');
      received.push({ device, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(answers.get(device) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function device(name: string): Device {
    const ecdh = createECDH('prime256v1');
    const uaPublic = ecdh.generateKeys();
    const authSecret = randomBytes(16);
    return {
      name,
      subscription: { endpoint: `${origin}/push/${encodeURIComponent(name)}`, keys: { p256dh: b64url(uaPublic), auth: b64url(authSecret) } },
      read(body) {
        const salt = body.subarray(0, 16);
        const idLength = body.readUInt8(20);
        const asPublic = body.subarray(21, 21 + idLength);
        const record = body.subarray(21 + idLength);
        const secret = ecdh.computeSecret(asPublic);
        const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
        const ikm = Buffer.from(hkdfSync('sha256', secret, authSecret, keyInfo, 32));
        const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
        const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
        const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
        decipher.setAuthTag(record.subarray(record.length - 16));
        const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
        // The last record ends with the delimiter 2, then zero padding.
        let end = padded.length - 1;
        while (end > 0 && padded[end] === 0) end--;
        if (padded[end] !== 2) throw new Error('no final-record delimiter');
        return JSON.parse(padded.subarray(0, end).toString('utf8'));
      },
    };
  }

  /** The claims of the request's VAPID JWT, checked against the key it names (RFC 8292: `vapid t=…, k=…`). */
  async function vapidOf(headers: Received['headers']) {
    const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(String(headers.authorization ?? ''));
    if (!match) throw new Error(`not a VAPID authorization: ${String(headers.authorization)}`);
    const raw = Buffer.from(match[2]!, 'base64url');
    const key = await importJWK({ kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) }, 'ES256');
    const { payload } = await jwtVerify(match[1]!, key, { audience: origin, algorithms: ['ES256'] });
    return { key: match[2]!, claims: payload };
  }

  return {
    origin,
    received,
    device,
    vapidOf,
    gone: (name: string) => answers.set(name, 410),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
