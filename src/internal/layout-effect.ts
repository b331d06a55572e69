'use client';

import { useEffect, useLayoutEffect } from 'react';

/**
 * `useLayoutEffect` in a browser, `useEffect` where there is no DOM (server rendering): neither runs on a
 * server, but React 18 warns "useLayoutEffect does nothing on the server" once per component that has one.
 */
export const useClientLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;
