import { describe, expect, it } from 'vitest';
import { scrubEnv } from './secrets.js';

describe('scrubEnv', () => {
  it('removes the app key names and any variable carrying a held secret, and keeps the rest', () => {
    const { env, removed } = scrubEnv(
      { PATH: '/bin', ANTHROPIC_API_KEY: 'sk-ant-1', OPENAI_API_KEY: 'x', AUTH: 'Bearer gh-secret-123456', SHORT: 'abc', HOME: '/h' },
      ['gh-secret-123456', 'abc'],
    );
    expect(env).toEqual({ PATH: '/bin', SHORT: 'abc', HOME: '/h' });
    expect(removed.sort()).toEqual(['ANTHROPIC_API_KEY', 'AUTH', 'OPENAI_API_KEY']);
  });

  it('scrubs by value the environment key a stored key shadows, under any other name', () => {
    const { env, removed } = scrubEnv(
      { PATH: '/bin', ANTHROPIC_API_KEY: 'sk-ant-from-env-1234', MY_KEY: 'sk-ant-from-env-1234', HDR: 'x-api-key: sk-ant-from-env-1234' },
      ['sk-ant-stored-in-settings-5678'],
    );
    expect(env).toEqual({ PATH: '/bin' });
    expect(removed.sort()).toEqual(['ANTHROPIC_API_KEY', 'HDR', 'MY_KEY']);
  });
});
