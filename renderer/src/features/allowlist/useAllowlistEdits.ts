import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AllowlistView, MethodInput } from '../../../../shared/contract/index.js';
import { getApi, unwrap } from '../../bridge/index.js';
import { projectKeys } from '../../queries.js';

/** The editor's writes. Each returns the new view, which replaces the cached one at once. */
export function useAllowlistEdits() {
  const queryClient = useQueryClient();
  const onSuccess = (view: AllowlistView) => queryClient.setQueryData(projectKeys.allowlist, view);
  /** The last removal, for the status line's Undo; what was put back, for its confirmation. */
  const [removal, setRemoval] = useState<{ entry: Removal; undone: boolean } | null>(null);
  return {
    removal,
    dismissRemoval: () => setRemoval(null),
    add: useMutation({ mutationFn: (v: MethodInput<'allowlist.add'>) => unwrap(getApi().allowlist.add(v)), onSuccess }),
    remove: useMutation({
      mutationFn: (v: Removal) => unwrap(getApi().allowlist.remove(v)),
      onSuccess: (view: AllowlistView, v: Removal) => {
        onSuccess(view);
        setRemoval({ entry: v, undone: false });
      },
    }),
    /** Puts the last removed entry back through main, which only restores what it removed. */
    undoRemove: useMutation({
      mutationFn: (v: Removal) => unwrap(getApi().allowlist.undoRemove(v)),
      onSuccess: (view: AllowlistView, v: Removal) => {
        onSuccess(view);
        setRemoval({ entry: v, undone: true });
      },
    }),
    changeScope: useMutation({
      mutationFn: (v: MethodInput<'allowlist.changeScope'>) => unwrap(getApi().allowlist.changeScope(v)),
      onSuccess,
    }),
    reload: useMutation({ mutationFn: () => unwrap(getApi().allowlist.reload({})), onSuccess }),
    /** Folder trust: the sha256 is the content the user reviewed (refused if the file changed since). */
    trust: useMutation({ mutationFn: (sha256: string) => unwrap(getApi().permissions.trust({ sha256 })), onSuccess }),
    untrust: useMutation({ mutationFn: () => unwrap(getApi().permissions.untrust({})), onSuccess }),
  };
}
type Removal = MethodInput<'allowlist.remove'>;
export type AllowlistEdits = ReturnType<typeof useAllowlistEdits>;
