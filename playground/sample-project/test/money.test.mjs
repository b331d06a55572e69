import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatPrice, roundCents } from '../src/money.mjs';

test('formatPrice writes dollars with a thousands separator and cents', () => {
  assert.equal(formatPrice(1234.5), '$1,234.50');
});

test('roundCents rounds to two decimals', () => {
  assert.equal(roundCents(10.005 + 0.001), 10.01);
  assert.equal(roundCents(3), 3);
});
