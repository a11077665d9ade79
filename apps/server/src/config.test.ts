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
});
