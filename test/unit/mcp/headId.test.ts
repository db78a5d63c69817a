import { describe, expect, it } from 'vitest';
import { headId } from '../../../src/mcp/lines.js';

// The id of a line too long to read, from its first bytes: only where it can be the message's own.
describe('headId', () => {
  it.each([
    ['{"jsonrpc":"2.0","id":13,"method":"ping","params":{"pad":"xxxx', 13],
    ['{"id":"a-1","jsonrpc":"2.0","params":{', 'a-1'],
    ['  {"jsonrpc":"2.0", "id" : -7 ,"method":"x"', -7],
    ['{"id":"q\\"uote","method":"x"', 'q"uote'],
    ['{"jsonrpc":"2.0","method":"tools/call","params":{"id":5,"name":"x"', null],
    ['{"jsonrpc":"2.0","method":"a\\"id\\":9","params":{', null],
    ['{"jsonrpc":"2.0","id":{"x":1},"method":"ping"', null],
    ['[{"id":1}', null],
    ['{"jsonrpc":"2.0","id":1e999,"method":"ping"', null],
    ['{"jsonrpc":"2.0","method":"ping","params":{"pad":"', null],
  ])('%s → %j', (head, id) => expect(headId(head)).toEqual(id));
});
