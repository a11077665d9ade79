import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ANVIL_DEV_KEYS, loadConfig } from './config.ts';
import { problemsOf } from '../test/helpers/config-problems.ts';

describe('loadConfig', () => {
  it('runs on embedded defaults with no variables at all', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.mode).toBe('all');
    expect(config.database).toEqual({ kind: 'pglite', dataDir: path.resolve('./data/pglite') });
    expect(config.chain).toMatchObject({ kind: 'embedded', chainId: 137, port: 0 });
    expect(config.deployerPrivateKey).toBe(ANVIL_DEV_KEYS[0]);
    expect(config.relayerPrivateKeys).toHaveLength(2);
  });

  it('takes PORT, DATA_DIR and DATABASE_URL', () => {
    const config = loadConfig({
      PORT: '9090',
      DATA_DIR: '/tmp/gets-data',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/gets',
    });
    expect(config.port).toBe(9090);
    expect(config.dataDir).toBe('/tmp/gets-data');
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://postgres@127.0.0.1:5432/gets',
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(8080);
  });

  it('names the variable and the problem for a bad value', () => {
    expect(problemsOf({ PORT: 'eighty' })).toEqual(['PORT: must be a number']);
    expect(problemsOf({ PORT: '70000' })).toEqual(['PORT: must be between 0 and 65535']);
    expect(problemsOf({ MODE: 'both' })).toEqual(['MODE: must be one of all, api, worker']);
    expect(problemsOf({ DATABASE_URL: 'mysql://x' })[0]).toMatch(
      /^DATABASE_URL: must start with postgres/,
    );
    expect(problemsOf({ DEPLOYER_PRIVATE_KEY: '0x1234' })[0]).toMatch(
      /^DEPLOYER_PRIVATE_KEY: must be a 0x-prefixed/,
    );
    expect(problemsOf({ CONTRACT_ADDRESSES: '{nope' })[0]).toMatch(
      /^CONTRACT_ADDRESSES: must be a JSON object/,
    );
  });

  it('uses an external chain without Anvil only with the keys it needs', () => {
    expect(problemsOf({ CHAIN_RPC_URL: 'http://127.0.0.1:8545' })).toEqual([
      expect.stringMatching(/^DEPLOYER_PRIVATE_KEY: required with CHAIN_RPC_URL/),
      expect.stringMatching(/^RELAYER_PRIVATE_KEYS: required with CHAIN_RPC_URL/),
    ]);
    const config = loadConfig({
      CHAIN_RPC_URL: 'https://rpc.example.org',
      CHAIN_ID: '80002',
      DEPLOYER_PRIVATE_KEY: ANVIL_DEV_KEYS[0],
      RELAYER_PRIVATE_KEYS: `${ANVIL_DEV_KEYS[1]}, ${ANVIL_DEV_KEYS[2]}`,
    });
    expect(config.chain).toEqual({
      kind: 'external',
      rpcUrl: 'https://rpc.example.org',
      chainId: 80002,
    });
    expect(config.relayerPrivateKeys).toEqual([ANVIL_DEV_KEYS[1], ANVIL_DEV_KEYS[2]]);
  });

  it('refuses MODE=api or worker without CUSTODY_KEK, naming it', () => {
    for (const mode of ['api', 'worker']) {
      expect(problemsOf({ MODE: mode })).toEqual([
        expect.stringMatching(new RegExp(`^CUSTODY_KEK: required with MODE=${mode}`)),
      ]);
    }
    expect(loadConfig({ MODE: 'worker', CUSTODY_KEK: 'a'.repeat(64) }).mode).toBe('worker');
  });

  it('refuses to serve other machines without SMTP_URL, unless the outbox is chosen', () => {
    expect(problemsOf({ HOST: '0.0.0.0' })).toEqual([
      expect.stringMatching(/^SMTP_URL: required when HOST=0\.0\.0\.0 serves other machines/),
    ]);
    expect(loadConfig({ HOST: '0.0.0.0', SMTP_URL: 'smtp://mail:25' }).mail.smtpUrl).toBe(
      'smtp://mail:25',
    );
    expect(loadConfig({ HOST: '0.0.0.0', MAIL_OUTBOX: 'true' }).host).toBe('0.0.0.0');
    for (const host of ['127.0.0.1', 'localhost', '::1', '127.0.0.2']) {
      expect(loadConfig({ HOST: host }).host).toBe(host);
    }
    // A worker serves no one.
    expect(loadConfig({ HOST: '0.0.0.0', MODE: 'worker', CUSTODY_KEK: 'a'.repeat(64) }).mode).toBe(
      'worker',
    );
  });

  it('logs pretty lines to a terminal outside production, JSON lines otherwise or when LOG_FORMAT says', () => {
    const tty = { stdoutIsTTY: true };
    const piped = { stdoutIsTTY: false };
    expect(loadConfig({}, tty).logFormat).toBe('pretty');
    expect(loadConfig({}, piped).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'production' }, tty).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }, tty).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, piped).logFormat).toBe('pretty');
    expect(problemsOf({ LOG_FORMAT: 'text' })).toEqual(['LOG_FORMAT: must be json or pretty']);
  });

  it('takes PUBLIC_URL as the base of credential links, without a trailing slash', () => {
    expect(loadConfig({}).publicUrl).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: 'https://badges.example.org/' }).publicUrl).toBe(
      'https://badges.example.org',
    );
    expect(loadConfig({ PUBLIC_URL: 'https://example.org/badges' }).publicUrl).toBe(
      'https://example.org/badges',
    );
    expect(problemsOf({ PUBLIC_URL: 'badges.example.org' })[0]).toBe('PUBLIC_URL: must be a URL');
    expect(problemsOf({ PUBLIC_URL: 'ftp://badges.example.org' })).toEqual([
      'PUBLIC_URL: must start with http:// or https://',
    ]);
    expect(problemsOf({ PUBLIC_URL: 'https://badges.example.org/?x=1' })).toEqual([
      'PUBLIC_URL: must be a base URL without query or fragment',
    ]);
  });

  it('takes the health bound of the queue, 2 minutes by default', () => {
    expect(loadConfig({}).health.maxQueueAgeMs).toBe(120_000);
    expect(loadConfig({ HEALTH_MAX_QUEUE_AGE_SECONDS: '30' }).health.maxQueueAgeMs).toBe(30_000);
    expect(problemsOf({ HEALTH_MAX_QUEUE_AGE_SECONDS: '0' })).toEqual([
      'HEALTH_MAX_QUEUE_AGE_SECONDS: must be at least 1',
    ]);
  });

  it("takes TRUST_PROXY as the proxies' addresses or ranges, or their number", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8,fd00::/8, ::1' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
      'fd00::/8',
      '::1',
    ]);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    const message =
      "TRUST_PROXY: must be a comma-separated list of the proxies' addresses or ranges (10.0.0.1,10.0.0.0/8) or the number of proxies in front (1 to 100)";
    for (const bad of [
      'yes please',
      '0',
      '101',
      '1.5',
      '-1',
      '10.0.0.0/33',
      'fd00::/129',
      '10.0.0.1/8/8',
      '999.0.0.1',
      '10.0.0.1,',
      'proxy.internal',
    ]) {
      expect(problemsOf({ TRUST_PROXY: bad }), bad).toEqual([message]);
    }
  });

  it('refuses TRUST_PROXY=true, which lets any client choose its address, outside development', () => {
    for (const NODE_ENV of [undefined, 'production', 'test']) {
      expect(
        problemsOf({ TRUST_PROXY: 'true', ...(NODE_ENV ? { NODE_ENV } : {}) }),
        NODE_ENV,
      ).toEqual([
        "TRUST_PROXY: true believes X-Forwarded-For from every client, so anyone could choose the address the per-IP limits count; give the proxies' addresses or ranges (10.0.0.1,10.0.0.0/8) or their number (1). true is taken only with NODE_ENV=development",
      ]);
    }
    expect(loadConfig({ TRUST_PROXY: 'true', NODE_ENV: 'development' }).trustProxy).toBe(true);
  });

  it('refuses WEBHOOK_ALLOW_PRIVATE_NETWORKS=true with NODE_ENV=production, and takes it elsewhere', () => {
    expect(problemsOf({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', NODE_ENV: 'production' })).toEqual([
      "WEBHOOK_ALLOW_PRIVATE_NETWORKS: true would let any sponsor's webhook reach the operator's own network (databases, cloud metadata); it is for development and tests only and is refused with NODE_ENV=production",
    ]);
    expect(loadConfig({}).integrations.webhookAllowPrivateNetworks).toBe(false);
    expect(
      loadConfig({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', NODE_ENV: 'development' }).integrations,
    ).toMatchObject({ webhookAllowPrivateNetworks: true });
    expect(problemsOf({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'yes' })).toEqual([
      'WEBHOOK_ALLOW_PRIVATE_NETWORKS: must be true or false',
    ]);
  });

  it('takes METRICS_TOKEN, directly or from METRICS_TOKEN_FILE, and refuses a short one', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    const token = 'a1b2c3d4e5f6a7b8c9d0e1f2';
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gets-secret-'));
    fs.writeFileSync(path.join(dir, 'metrics'), `${token}\n`);
    expect(loadConfig({ METRICS_TOKEN_FILE: path.join(dir, 'metrics') }).metricsToken).toBe(token);
    fs.rmSync(dir, { recursive: true, force: true });
    for (const bad of ['short', 'has a space in it somewhere']) {
      expect(problemsOf({ METRICS_TOKEN: bad })).toEqual([
        'METRICS_TOKEN: must be 16 to 512 printable characters without spaces',
      ]);
    }
  });

  it('reads secrets from NAME_FILE (a mounted secret), naming a file it cannot read', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gets-secret-'));
    const file = path.join(dir, 'kek');
    fs.writeFileSync(file, `${'b'.repeat(64)}\n`);
    const config = loadConfig({ MODE: 'worker', CUSTODY_KEK_FILE: file });
    expect(config.custody.configured?.toString('hex')).toBe('b'.repeat(64));
    expect(problemsOf({ CUSTODY_KEK_FILE: path.join(dir, 'missing') })).toEqual([
      `CUSTODY_KEK_FILE: cannot read ${path.join(dir, 'missing')} (ENOENT)`,
    ]);
    expect(problemsOf({ CUSTODY_KEK_FILE: file, CUSTODY_KEK: 'a'.repeat(64) })).toEqual([
      'CUSTODY_KEK_FILE: CUSTODY_KEK is set too; set one of them',
    ]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
