/**
 * Folder trust for a sibling `.mcp.json`: its servers start only when this user trusted its exact
 * bytes. The record lives in the same trust store as codecoder.json's (the data folder, never the
 * project), under `<folder realpath>/.mcp.json`; any change to the file needs trusting again.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { TrustStore } from '../permissions/index.js';
import { MCP_JSON } from './config.js';

export type FileTrust = 'absent' | 'trusted' | 'untrusted' | 'changed';

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export class McpJsonTrust {
  private runOnly: string | undefined;

  constructor(
    /** The project folder's realpath. */
    private readonly folder: string,
    private readonly store: TrustStore | undefined,
  ) {}

  get recordKey(): string {
    return path.join(this.folder, MCP_JSON);
  }

  async state(bytes: Buffer | undefined): Promise<FileTrust> {
    if (!bytes) return 'absent';
    const sha = sha256(bytes);
    if (this.runOnly === sha) return 'trusted';
    if (!this.store) return 'untrusted';
    try {
      const rec = await this.store.get(this.recordKey);
      if (!rec) return 'untrusted';
      return rec.sha256 === sha ? 'trusted' : 'changed';
    } catch {
      return 'untrusted';
    }
  }

  async trust(bytes: Buffer): Promise<void> {
    if (!this.store) throw new Error('no trust store');
    await this.store.set(this.recordKey, sha256(bytes));
  }

  /** `codecoder run --trust-project`: for this process only. */
  trustForRun(bytes: Buffer): void {
    this.runOnly = sha256(bytes);
  }

  async revoke(): Promise<void> {
    this.runOnly = undefined;
    await this.store?.remove(this.recordKey);
  }
}
