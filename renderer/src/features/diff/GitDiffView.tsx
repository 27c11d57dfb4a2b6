import { DiffFile, DiffModeEnum, DiffView as LibraryDiffView, getLang, highlighter } from '@git-diff-view/react';
import '@git-diff-view/react/styles/diff-view-pure.css';
import { useMemo } from 'react';
import { EscapedText } from '../../ui/EscapedText.js';
import './diff.css';
import { withCspSafeTemplates } from './cspSafeTemplates.js';
import { diffFileName, diffHasHidden, displayDiff } from './diffText.js';
import { useDiffLayout, usePageTheme, type DiffLayout } from './useDiffLayout.js';

const LAYOUTS: { value: DiffLayout; label: string }[] = [
  { value: 'unified', label: 'Unified' },
  { value: 'split', label: 'Split' },
];

/** highlight.js's language for a file name by its extension; an unknown one is plain text (never a guess). */
function languageOf(name: string): string {
  const ext = getLang(name).toLowerCase();
  return ext && highlighter.hasRegisteredCurrentLang(ext) ? ext : 'plaintext';
}

/**
 * The diff through @git-diff-view: the contract's unified diff parsed by the library (its hunks,
 * no file contents), line numbers, highlight.js by extension, unified or split. Loaded lazily by
 * DiffView.tsx; a parse failure throws to its boundary, which shows the plain lines.
 */
export default function GitDiffView({ diff, label, path }: { diff: string; label: string; path?: string }) {
  const [layout, setLayout] = useDiffLayout();
  const theme = usePageTheme();
  const name = diffFileName(diff, path);
  const hidden = useMemo(() => diffHasHidden(diff), [diff]);
  const file = useMemo(() => {
    const lang = languageOf(name);
    const f = new DiffFile(name, '', name, '', [displayDiff(diff)], lang, lang);
    f.initTheme(theme);
    f.init();
    f.buildSplitDiffLines();
    f.buildUnifiedDiffLines();
    return withCspSafeTemplates(f);
  }, [diff, name, theme]);
  // A diff with one side only (a new file, a file emptied) has nothing to put beside it: split would
  // leave half the box empty, so it shows unified whatever the chosen layout.
  const oneSided = file.deletionLength === 0 || file.additionLength === 0;
  const shown: DiffLayout = oneSided ? 'unified' : layout;
  return (
    <div className="gdiff" data-testid="diff-view" data-layout={shown}>
      <header className="gdiff-head">
        <code className="gdiff-name">
          <EscapedText text={name || 'changes'} />
        </code>
        <span className="gdiff-stat" title="lines added and removed">
          <span className="gdiff-added">+{file.additionLength}</span> <span className="gdiff-removed">−{file.deletionLength}</span>
        </span>
        {oneSided ? (
          <span className="gdiff-one-sided muted" data-testid="diff-one-sided">
            {file.deletionLength === 0 ? 'only added lines' : 'only removed lines'}
          </span>
        ) : (
          <span className="gdiff-layout" role="group" aria-label="Diff layout">
            {LAYOUTS.map((l) => (
              <button key={l.value} type="button" aria-pressed={layout === l.value} onClick={() => setLayout(l.value)}>
                {l.label}
              </button>
            ))}
          </span>
        )}
      </header>
      {hidden && (
        <p role="alert" className="warn-note">
          This diff contains hidden or control characters. They are shown escaped (like <code>\u202e</code>); read it carefully.
        </p>
      )}
      {/* Focusable: a long diff scrolls inside its box, and the keyboard must reach all of it. */}
      <div className="gdiff-body" tabIndex={0} role="region" aria-label={label}>
        <LibraryDiffView
          diffFile={file}
          diffViewMode={shown === 'split' ? DiffModeEnum.Split : DiffModeEnum.Unified}
          diffViewTheme={theme}
          diffViewHighlight
          diffViewWrap
          diffViewFontSize={12}
        />
      </div>
    </div>
  );
}
