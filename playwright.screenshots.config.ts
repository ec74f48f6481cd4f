/** `npm run screenshots`: the pictures in docs/screenshots, taken from the built product (not part of `npm test`). */
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

export default defineConfig({ ...base, testDir: './test/screenshots', workers: 1 });
