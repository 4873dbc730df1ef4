import { useState } from 'react';
import { useIntl } from 'react-intl';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  decideVerification,
  deleteCompany,
  downloadVerificationDocument,
  revokeVerification,
  verificationQueue,
  type HeldFile,
  type VerificationItem,
} from '@brnd/contracts/api/admin-verification';
import type { ApiClient } from '@brnd/contracts/api/client';
import { isEndpointError } from '@brnd/contracts/api/errors';
import type { VerificationStatus } from '@brnd/contracts/domain/verification';
import { useApiClient } from '../../api.tsx';
import { useToast } from '../../components/Toast/Toast.tsx';
import { serverFieldErrors } from '../shared/api-error.ts';
import { saveFile } from '../shared/save-file.ts';
import { useApiErrorToast } from '../shared/use-api-error-toast.ts';
import { AdminVerificationView } from './AdminVerificationView.tsx';
import { ApproveDialog } from './ApproveDialog.tsx';
import { DeleteDialog } from './DeleteDialog.tsx';
import { ReasonDialog } from './ReasonDialog.tsx';

const QUEUE_KEY = ['admin', 'verification'] as const;

export function verificationQueueQueryOptions(
  api: ApiClient,
  status: VerificationStatus = 'pending',
) {
  return queryOptions({
    queryKey: [...QUEUE_KEY, status],
    queryFn: async () => (await api.call(verificationQueue, { query: { status } })).items,
  });
}

type Target = Pick<VerificationItem, 'kind' | 'id' | 'name' | 'email'>;

/**
 * The console's verification queue (/admin/verification): approve, reject with a reason, or
 * delete a company's account; the decided items by status, where a verification is revoked with
 * a reason. A decision someone else made first (409) refreshes the list.
 */
export function AdminVerificationScreen() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `adminVerification.${id}` }, values);
  const api = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const showError = useApiErrorToast();
  const [status, setStatus] = useState<VerificationStatus>('pending');
  const queue = useQuery(verificationQueueQueryOptions(api, status));
  const [approving, setApproving] = useState<VerificationItem | null>(null);
  const [rejecting, setRejecting] = useState<Target | null>(null);
  const [revoking, setRevoking] = useState<Target | null>(null);
  const [deleting, setDeleting] = useState<Target | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: QUEUE_KEY });
  const onFailure = (error: unknown) => {
    showError(error);
    // Someone else decided, revoked or deleted it (or its document): show the queue as it is now.
    const changedMeanwhile =
      isEndpointError(error, decideVerification, 'alreadyDecided') ||
      isEndpointError(error, downloadVerificationDocument, 'documentNotFound') ||
      isEndpointError(error, decideVerification, 'requestNotFound') ||
      isEndpointError(error, revokeVerification, 'notVerified') ||
      isEndpointError(error, revokeVerification, 'requestNotFound') ||
      isEndpointError(error, deleteCompany, 'requestNotFound');
    if (changedMeanwhile) void refresh();
  };

  const decide = useMutation({
    mutationFn: ({ target, reason }: { target: Target; reason?: string }) =>
      api.call(decideVerification, {
        params: { kind: target.kind, id: target.id },
        body: reason === undefined ? { decision: 'approve' } : { decision: 'reject', reason },
      }),
    onSuccess: ({ item }) => {
      setApproving(null);
      setRejecting(null);
      toast.success(t(item.status === 'verified' ? 'approved' : 'rejected', { name: item.name }));
      void refresh();
    },
    onError: (error) => {
      if (serverFieldErrors(error)) return;
      setApproving(null);
      setRejecting(null);
      onFailure(error);
    },
  });

  const revoke = useMutation({
    mutationFn: ({ target, reason }: { target: Target; reason: string }) =>
      api.call(revokeVerification, {
        params: { kind: target.kind, id: target.id },
        body: { reason },
      }),
    onSuccess: ({ item }) => {
      setRevoking(null);
      toast.success(t('revoked', { name: item.name }));
      void refresh();
    },
    onError: (error) => {
      if (serverFieldErrors(error)) return;
      setRevoking(null);
      onFailure(error);
    },
  });

  const remove = useMutation({
    mutationFn: (target: Target) => api.call(deleteCompany, { params: { id: target.id } }),
    onSuccess: (_answer, target) => {
      toast.success(t('deleted', { name: target.name }));
      void refresh();
    },
    onError: onFailure,
  });

  // Each download is audited on the server; the file is saved under the name it was sent with.
  const download = useMutation({
    mutationFn: (file: HeldFile) =>
      api.call(downloadVerificationDocument, { params: { documentId: file.id } }),
    onSuccess: saveFile,
    onError: onFailure,
  });

  const running = (item: VerificationItem) => {
    const same = (target: Target | undefined) =>
      target?.kind === item.kind && target.id === item.id;
    if (decide.isPending && same(decide.variables?.target)) {
      return decide.variables?.reason === undefined ? ('approve' as const) : ('reject' as const);
    }
    if (revoke.isPending && same(revoke.variables?.target)) return 'revoke' as const;
    if (remove.isPending && same(remove.variables)) return 'delete' as const;
    return null;
  };

  return (
    <AdminVerificationView
      status={status}
      onStatusChange={setStatus}
      items={queue.data}
      loadError={queue.error}
      onRetry={() => void queue.refetch()}
      runningAction={running}
      downloading={download.isPending ? (download.variables?.id ?? null) : null}
      onApprove={(item) => {
        decide.reset();
        setApproving(item);
      }}
      onReject={(item) => {
        decide.reset();
        setRejecting(item);
      }}
      onRevoke={(item) => {
        revoke.reset();
        setRevoking(item);
      }}
      onDelete={setDeleting}
      onDownload={(file) => download.mutate(file)}
    >
      <ApproveDialog
        item={approving}
        busy={decide.isPending}
        onConfirm={(item) => decide.mutate({ target: item })}
        onCancel={() => setApproving(null)}
      />
      <ReasonDialog
        action="reject"
        target={rejecting}
        submitting={decide.isPending}
        serverErrors={serverFieldErrors(decide.error)}
        onSubmit={(reason) => {
          if (rejecting) decide.mutate({ target: rejecting, reason });
        }}
        onCancel={() => setRejecting(null)}
      />
      <ReasonDialog
        action="revoke"
        target={revoking}
        submitting={revoke.isPending}
        serverErrors={serverFieldErrors(revoke.error)}
        onSubmit={(reason) => {
          if (revoking) revoke.mutate({ target: revoking, reason });
        }}
        onCancel={() => setRevoking(null)}
      />
      <DeleteDialog
        target={deleting}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting);
          setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
      />
    </AdminVerificationView>
  );
}
