import assert from 'node:assert/strict';
import { test } from 'node:test';
import { receipt, subtotal, total } from '../src/cart.mjs';

const items = [
  { name: 'Notebook', price: 4.5, quantity: 2 },
  { name: 'Pen', price: 1.25, quantity: 4 },
];

test('subtotal adds price times quantity', () => {
  assert.equal(subtotal(items), 14);
});

test('total without a discount is the subtotal', () => {
  assert.equal(total(items), 14);
});

test('receipt lists every item and the total', () => {
  assert.match(receipt(items), /2 × Notebook {2}\$9\.00/);
  assert.match(receipt(items), /Total {2}\$14\.00$/);
});
