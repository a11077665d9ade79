// What animated-image bombs cost the people who log in meanwhile (issue 44):
// the platform started as `npm run serve` starts it, admin logins (one
// argon2id verification each) timed alone, then again while uploads run
// without a session: four 30,000-frame WebP files (8 x 8 px, 2.5 MB each) at
// once, then kept in flight for 10 s (each sender sends the next as soon as
// one is answered), an 8,000-frame one (0.7 MB) alone, four of the heaviest
// still the limits take (48 megapixels) at once, and an honest photo sent
// right behind four bombs. Every answer's status, time and message, and the
// CPU the platform's processes used per phase, with the machine's load.
// Usage: npm run bench:images [-- logins]   (default 20 logins alone)
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { ADMIN_LOGIN_SECRET_HEADER, API_PREFIX } from '@gets/schema';
import { animatedWebpBomb, noisyImage } from '../apps/server/test/helpers/image-bombs.ts';
import { startPlatform } from './lib/platform.ts';

const loginsAlone = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 20);
const BOMBS_AT_ONCE = 4;
/** How long the senders keep four bombs in flight, each sending the next when answered. */
const BOMBS_IN_FLIGHT_SECONDS = 10;
const admin = {
  email: 'bench-admin@gets-badges.local',
  password: `Bench-${randomBytes(6).toString('hex')}!1a`,
  secret: randomBytes(24).toString('base64url'),
};
// The embedded default, as a person starts it; a DATABASE_URL would change what is measured.
delete process.env.DATABASE_URL;

console.log(
  `image bombs against logins; ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}, node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)}`,
);
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gets-bench-images-'));
const platform = await startPlatform(
  dataDir,
  {
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    ADMIN_LOGIN_SECRET: admin.secret,
    // The limits per IP and account would stop the bench's own logins and uploads.
    RATE_LIMIT_IP_MAX: '1000000',
    RATE_LIMIT_ACCOUNT_MAX: '1000000',
    ANONYMOUS_UPLOADS_PER_IP_PER_HOUR: '1000000',
  },
  { script: 'serve' },
);

const TICKS_PER_SECOND = 100;

/**
 * CPU seconds used so far by the platform's processes: the server and its
 * image workers, found by the DATA_DIR they were started with. (Other
 * programs named node come and go on a shared machine; these do not.)
 */
async function platformCpuSeconds(): Promise<number> {
  let ticks = 0;
  for (const pid of (await fs.readdir('/proc')).filter((name) => /^\d+$/.test(name))) {
    const environ = await fs.readFile(`/proc/${pid}/environ`, 'latin1').catch(() => '');
    if (!environ.split('\0').includes(`DATA_DIR=${dataDir}`)) continue;
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11] ?? 0) + Number(fields[12] ?? 0); // utime, stime
  }
  return ticks / TICKS_PER_SECOND;
}

/** Runs `work`; answers its result, the wall seconds, and the platform's CPU seconds meanwhile. */
async function withPlatformCpu<T>(work: () => Promise<T>): Promise<[T, string]> {
  const cpuBefore = await platformCpuSeconds();
  const started = performance.now();
  const result = await work();
  const wall = (performance.now() - started) / 1000;
  const cpu = (await platformCpuSeconds()) - cpuBefore;
  return [result, `platform ${cpu.toFixed(1)} CPU s in ${wall.toFixed(1)} s`];
}

/** One admin login: answers its status and how long it took. */
async function login(): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${platform.url}${API_PREFIX}/admin/adminLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [ADMIN_LOGIN_SECRET_HEADER]: admin.secret },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

/** One upload without a session: its status, message and seconds. */
async function upload(bytes: Buffer, type: string) {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(bytes)], { type }), 'image');
  const started = performance.now();
  const response = await fetch(`${platform.url}${API_PREFIX}/badge/imageCreate`, {
    method: 'POST',
    body: form,
  });
  const { message } = (await response.json()) as { message: string };
  return {
    status: response.status,
    message,
    retryAfter: response.headers.get('retry-after'),
    seconds: (performance.now() - started) / 1000,
  };
}

/** Logins one after another until `until` settles. */
async function loginsDuring(until: Promise<unknown>) {
  let done = false;
  void until.finally(() => (done = true));
  const logins: { status: number; ms: number }[] = [];
  while (!done) logins.push(await login());
  return logins;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const describeLogins = (logins: { status: number; ms: number }[]) => {
  const ms = logins.map((l) => l.ms);
  const failed = logins.filter((l) => l.status !== 200).length;
  return `${logins.length} logins, p50 ${quantile(ms, 0.5).toFixed(0)} ms, p95 ${quantile(ms, 0.95).toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms${failed ? `, ${failed} not 200` : ''}`;
};
const describeUpload = (answer: Awaited<ReturnType<typeof upload>>) =>
  `${answer.status} in ${answer.seconds.toFixed(2)} s: ${answer.message}${answer.retryAfter ? ` (Retry-After ${answer.retryAfter})` : ''}`;

/** Logins one after another while `uploads` run; the uploads' answers, the logins and the CPU used. */
async function phase(label: string, uploads: () => Promise<Awaited<ReturnType<typeof upload>>[]>) {
  const [[answers, logins], cpu] = await withPlatformCpu(async () => {
    const sent = uploads();
    return Promise.all([sent, loginsDuring(sent)]);
  });
  console.log(`\n${label}: logins meanwhile: ${describeLogins(logins)}; ${cpu}`);
  if (answers.length <= BOMBS_AT_ONCE + 1) {
    for (const answer of answers) console.log(`  ${describeUpload(answer)}`);
    return;
  }
  // Many answers: how many of each, with their longest time.
  const kinds = new Map<string, { count: number; slowest: number }>();
  for (const answer of answers) {
    const kind = `${answer.status} ${answer.message}`;
    const seen = kinds.get(kind) ?? { count: 0, slowest: 0 };
    kinds.set(kind, { count: seen.count + 1, slowest: Math.max(seen.slowest, answer.seconds) });
  }
  for (const [kind, { count, slowest }] of kinds) {
    console.log(`  ${count} x ${kind} (slowest ${slowest.toFixed(2)} s)`);
  }
}

try {
  const bomb = await animatedWebpBomb({ frames: 30_000, side: 8 });
  const smallerBomb = await animatedWebpBomb({ frames: 8_000, side: 8 });
  // The heaviest still the limits take: 48 megapixels to decode, under 1 MB to send.
  const gradient = Buffer.alloc(8000 * 6000 * 3);
  for (let i = 0; i < gradient.length; i += 1) gradient[i] = (i % 24_000) % 251;
  const heavy = await sharp(gradient, { raw: { width: 8000, height: 6000, channels: 3 } })
    .webp({ quality: 80 })
    .toBuffer();
  const photo = await noisyImage(1600, 1200).jpeg({ quality: 90 }).toBuffer();
  const mb = (bytes: Buffer) => `${(bytes.length / 1e6).toFixed(1)} MB`;
  console.log(
    `bomb: WebP, 30,000 frames of 8 x 8 px, ${mb(bomb)}; smaller bomb: 8,000 frames, ${mb(smallerBomb)}; heavy still: WebP 8000 x 6000, ${mb(heavy)}; photo: JPEG 1600 x 1200, ${mb(photo)}`,
  );

  for (let i = 0; i < 3; i += 1) await login();
  const [alone, aloneCpu] = await withPlatformCpu(async () => {
    const logins = [];
    for (let i = 0; i < loginsAlone; i += 1) logins.push(await login());
    return logins;
  });
  console.log(`\nlogins alone: ${describeLogins(alone)}; ${aloneCpu}`);

  const atOnce = (bytes: Buffer, type: string) => () =>
    Promise.all(Array.from({ length: BOMBS_AT_ONCE }, () => upload(bytes, type)));
  /** Each sender sends a bomb again as soon as the last one is answered, until `seconds` passed. */
  const keptInFlight = (seconds: number) => async () => {
    const until = performance.now() + seconds * 1000;
    const answers = await Promise.all(
      Array.from({ length: BOMBS_AT_ONCE }, async () => {
        const sent = [await upload(bomb, 'image/webp')];
        while (performance.now() < until) sent.push(await upload(bomb, 'image/webp'));
        return sent;
      }),
    );
    return answers.flat();
  };
  await phase(`${BOMBS_AT_ONCE} bombs at once`, atOnce(bomb, 'image/webp'));
  await phase(
    `${BOMBS_AT_ONCE} bombs kept in flight for ${BOMBS_IN_FLIGHT_SECONDS} s`,
    keptInFlight(BOMBS_IN_FLIGHT_SECONDS),
  );
  await phase('the 8,000-frame file alone', async () => [await upload(smallerBomb, 'image/webp')]);
  await phase(`${BOMBS_AT_ONCE} heavy stills at once`, atOnce(heavy, 'image/webp'));
  await phase(`a photo sent behind ${BOMBS_AT_ONCE} bombs`, async () => {
    const bombs = atOnce(bomb, 'image/webp')();
    // The photo a moment after the bombs, as a person's upload arriving behind them.
    await new Promise((resolve) => setTimeout(resolve, 50));
    return Promise.all([upload(photo, 'image/jpeg'), ...(await bombs)]);
  });
  console.log(`\nthe photo alone: ${describeUpload(await upload(photo, 'image/jpeg'))}`);
  console.log(`load average at the end: ${os.loadavg()[0]!.toFixed(1)}`);
} finally {
  await platform.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
