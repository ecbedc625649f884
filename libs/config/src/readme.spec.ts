import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gatewayEnvSchema } from './gateway';
import { realtimeEnvSchema } from './realtime';
import { workerEnvSchema } from './worker';

describe('README environment table', () => {
  it('documents every variable a service reads', () => {
    const readme = readFileSync(join(__dirname, '..', '..', '..', 'README.md'), 'utf8');
    const shape = { ...gatewayEnvSchema.in.in.shape, ...workerEnvSchema.shape, ...realtimeEnvSchema.in.shape };
    const missing = Object.keys(shape).filter((name) => !new RegExp(`^\\|\\s*\`${name}\`\\s*\\|`, 'm').test(readme));
    expect(missing).toEqual([]);
  });
});
