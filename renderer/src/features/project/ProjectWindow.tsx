import './project.css';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ProjectInfo } from '../../../../shared/contract/index.js';
import { getApi, unwrap } from '../../bridge/index.js';
import { projectKeys, useAllowlist, useApprovals } from '../../queries.js';
import { ErrorNote } from '../../ui/ErrorNote.js';
import { useEvent } from '../../ui/useEvent.js';
import { AllowlistEditor } from '../allowlist/AllowlistEditor.js';
import { AuditView } from '../allowlist/AuditView.js';
import { AgentsBoard } from '../agents/AgentsBoard.js';
import { ChangedOnDiskBanner } from '../allowlist/FileStatus.js';
import { useAllowlistEdits } from '../allowlist/useAllowlistEdits.js';
import { ApprovalDock } from '../approvals/ApprovalDock.js';
import { ChatPanel } from '../chat/ChatPanel.js';
import { McpPanel } from '../mcp/McpPanel.js';
import { TrustReview, reviewDue } from '../trust/TrustReview.js';

type Tab = 'conversation' | 'agents' | 'permissions' | 'mcp' | 'audit';
const TABS: { id: Tab; label: string }[] = [
  { id: 'conversation', label: 'Conversation' },
  { id: 'agents', label: 'Agents' },
  { id: 'permissions', label: 'Permissions' },
  { id: 'mcp', label: 'MCP' },
  { id: 'audit', label: 'Audit log' },
];

/**
 * The window of one project folder: the conversation, the allowlist editor and the audit log as
 * tabs, and the approval queue docked below whichever is shown (a prompt must never wait unseen).
 */
export function ProjectWindow({ project }: { project: ProjectInfo }) {
  const queryClient = useQueryClient();
  const close = useMutation({ mutationFn: () => unwrap(getApi().project.close({})) });
  const [tab, setTab] = useState<Tab>('conversation');
  // The conversation on screen, and a request to show one (from the approval dock: "asked in …").
  const [shownConversation, setShownConversation] = useState<string | null>(null);
  const [openRequest, setOpenRequest] = useState<{ id: string; n: number } | null>(null);
  const openConversation = (id: string) => {
    setTab('conversation');
    setOpenRequest((r) => ({ id, n: (r?.n ?? 0) + 1 }));
  };
  // "New agent" in the head: the Agents tab opens its form (a counter, so each press asks again).
  const [newAgentRequest, setNewAgentRequest] = useState(0);
  const newAgent = () => {
    setTab('agents');
    setNewAgentRequest((n) => n + 1);
  };
  const agentsWaiting = new Set((useApprovals().data ?? []).flatMap((a) => (a.worktreeAgentId ? [a.worktreeAgentId] : []))).size;
  const allowlist = useAllowlist();
  const edits = useAllowlistEdits();
  useEvent('allowlist.changed', (view) => queryClient.setQueryData(projectKeys.allowlist, view));
  // Folder trust: the review shows once per content of codecoder.json until Trust or Not now.
  const [reviewDismissed, setReviewDismissed] = useState<string | null>(null);
  const trust = allowlist.data?.trust;
  const showReview = trust !== undefined && reviewDue(trust) && trust.sha256 !== reviewDismissed;

  const onTabKey = (e: React.KeyboardEvent, i: number) => {
    const next = e.key === 'ArrowRight' ? (i + 1) % TABS.length : e.key === 'ArrowLeft' ? (i + TABS.length - 1) % TABS.length : -1;
    if (next < 0) return;
    e.preventDefault();
    setTab(TABS[next]!.id);
    document.getElementById(`tab-${TABS[next]!.id}`)?.focus();
  };

  return (
    <div className="project">
      <section className="project-head" aria-label="Project">
        <h1>{project.name}</h1>
        <p className="muted project-path">
          <code>{project.path}</code> {project.git ? '· git work tree' : '· not a git repository'}
        </p>
        <button type="button" onClick={newAgent} title="Start an agent on its own worktree and branch">
          New agent
        </button>
        <button type="button" onClick={() => close.mutate()}>
          Close project
        </button>
        <ErrorNote error={close.error} />
      </section>
      {allowlist.data?.file.changedOnDisk && tab !== 'permissions' && <ChangedOnDiskBanner edits={edits} />}
      <div role="tablist" aria-label="Project views" className="tabs">
        {TABS.map((t, i) => (
          <button
            key={t.id}
            id={`tab-${t.id}`}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            aria-controls={`panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => setTab(t.id)}
            onKeyDown={(e) => onTabKey(e, i)}
          >
            {t.label}
            {t.id === 'agents' && agentsWaiting > 0 && (
              <span
                className="tab-badge"
                aria-label={agentsWaiting === 1 ? '1 agent waiting for you' : `${agentsWaiting} agents waiting for you`}
              >
                {' '}
                {agentsWaiting}
              </span>
            )}
            {t.id === 'permissions' && (allowlist.data?.violations.length ?? 0) > 0 && !allowlist.data?.file.error && (
              <span className="tab-badge" aria-label="ceiling violations">
                {' '}
                !
              </span>
            )}
            {t.id === 'permissions' && allowlist.data?.file.error && (
              <span className="tab-badge" aria-label="codecoder.json is malformed" title="codecoder.json cannot be read">
                {' '}
                !
              </span>
            )}
          </button>
        ))}
      </div>
      {/* The conversation stays mounted when hidden: its live transcript and terminals keep streaming. */}
      <div id="panel-conversation" role="tabpanel" aria-labelledby="tab-conversation" className="tab-panel" hidden={tab !== 'conversation'}>
        <ChatPanel
          key={project.path}
          onOpenPermissions={() => setTab('permissions')}
          openRequest={openRequest}
          onShown={setShownConversation}
        />
      </div>
      {tab === 'agents' && (
        <div id="panel-agents" role="tabpanel" aria-labelledby="tab-agents" className="tab-panel">
          <AgentsBoard newAgentRequest={newAgentRequest} />
        </div>
      )}
      {tab === 'permissions' && (
        <div id="panel-permissions" role="tabpanel" aria-labelledby="tab-permissions" className="tab-panel tab-scroll">
          <AllowlistEditor onReviewTrust={() => setReviewDismissed(null)} />
        </div>
      )}
      {tab === 'mcp' && (
        <div id="panel-mcp" role="tabpanel" aria-labelledby="tab-mcp" className="tab-panel tab-scroll">
          <McpPanel />
        </div>
      )}
      {tab === 'audit' && (
        <div id="panel-audit" role="tabpanel" aria-labelledby="tab-audit" className="tab-panel tab-scroll">
          <AuditView />
        </div>
      )}
      <ApprovalDock
        projectName={project.name}
        shownConversation={tab === 'conversation' ? shownConversation : null}
        onOpenConversation={openConversation}
        boardShown={tab === 'agents'}
        onOpenAgents={() => setTab('agents')}
      />
      {showReview && allowlist.data && (
        <TrustReview view={allowlist.data} edits={edits} onClose={() => setReviewDismissed(allowlist.data?.trust.sha256 ?? null)} />
      )}
    </div>
  );
}
