import { memo } from 'react';
import { EscapedText } from '../../ui/EscapedText.js';
import { LazyMarkdown as Markdown } from '../../ui/LazyMarkdown.js';
import { CheckpointRow } from '../checkpoints/CheckpointRow.js';
import { EditMessage, RegenerateAnswer } from './rewrite.js';
import { ToolCard } from './ToolCard.js';
import type { TranscriptItem } from './transcript.js';

/** One entry of the transcript. Memoised: items are replaced when they change, never mutated. */
export const TranscriptRow = memo(function TranscriptRow({ item }: { item: TranscriptItem }) {
  switch (item.kind) {
    case 'user':
      return (
        <div className="msg msg-user" aria-label="You">
          <EscapedText text={item.text} keepNewlines keepTabs />
          <EditMessage item={item} />
        </div>
      );
    case 'assistant':
      return (
        <div className="msg msg-assistant" aria-label="Agent" aria-busy={item.streaming || undefined}>
          <Markdown text={item.text} />
          {!item.streaming && <RegenerateAnswer id={item.id} />}
        </div>
      );
    case 'tool':
      return <ToolCard item={item} />;
    case 'checkpoint':
      return <CheckpointRow item={item} />;
    case 'compaction':
      return (
        <p className="compaction-marker" data-testid="compaction-marker" aria-busy={item.pending || undefined}>
          <span>{item.text}</span>
        </p>
      );
    case 'usage':
      return <p className="turn-usage muted">{item.text}</p>;
    case 'notice':
      return (
        <p className={`notice notice-${item.tone}`} role={item.tone === 'error' ? 'alert' : undefined}>
          {item.text}
        </p>
      );
  }
});
