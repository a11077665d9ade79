import { describe, expect, it } from 'vitest';
import {
  CallExecutionError,
  ExecutionRevertedError,
  HttpRequestError,
  InvalidParamsRpcError,
  RpcRequestError,
  TimeoutError,
  TransactionReceiptNotFoundError,
} from 'viem';
import { classifyChainError } from './chain-errors.ts';

const rpcError = (code: number, message: string) =>
  new RpcRequestError({ body: {}, url: 'http://node', error: { code, message } });

describe('classifyChainError', () => {
  it('a revert belongs to the transaction', () => {
    const reverted = new CallExecutionError(new ExecutionRevertedError({ message: 'nope' }), {});
    expect(classifyChainError(reverted)).toBe('revert');
  });

  it('a node that cannot be reached or gives up belongs to the process', () => {
    expect(classifyChainError(new HttpRequestError({ url: 'http://node', status: 502 }))).toBe(
      'unreachable',
    );
    expect(classifyChainError(new TimeoutError({ body: {}, url: 'http://node' }))).toBe(
      'unreachable',
    );
    expect(classifyChainError(new TypeError('fetch failed'))).toBe('unreachable');
  });

  it('a node that answers about this one request refuses it', () => {
    expect(classifyChainError(new InvalidParamsRpcError(rpcError(-32602, 'invalid')))).toBe(
      'refused',
    );
    expect(classifyChainError(new TransactionReceiptNotFoundError({ hash: '0x01' }))).toBe(
      'refused',
    );
  });
});
