import { describe, expect, it } from 'vitest';
import {
  CallExecutionError,
  ExecutionRevertedError,
  HttpRequestError,
  InvalidParamsRpcError,
  RpcRequestError,
  TimeoutError,
  TransactionReceiptNotFoundError,
  TransactionRejectedRpcError,
} from 'viem';
import { classifyChainError, nodeWords } from './chain-errors.ts';

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

describe('nodeWords', () => {
  it("gives the node's own words, not viem's summary of them", () => {
    const refused = new TransactionRejectedRpcError(rpcError(-32003, 'nonce too low'));
    expect(refused.shortMessage).toBe('Transaction creation failed.');
    expect(nodeWords(refused)).toBe('nonce too low');
  });

  it('falls back to the first line of any other error', () => {
    expect(nodeWords(new Error('socket hang up\nat somewhere'))).toBe('socket hang up');
  });
});
