import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyDiscount } from '../src/discount.mjs';

test('applyDiscount takes a percentage off the total', () => {
  assert.equal(applyDiscount(200, 10), 180);
  assert.equal(applyDiscount(19.99, 50), 9.99);
});

test('applyDiscount refuses a percentage above 100', () => {
  assert.throws(() => applyDiscount(10, 120), RangeError);
});
