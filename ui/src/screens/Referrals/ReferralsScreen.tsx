import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Referral } from '@brnd/contracts/api/referrals';
import { COPIED_MESSAGE_DURATION_MS } from '@brnd/contracts/domain/constants';
import { useApiClient } from '../../api.tsx';
import { useNavigation } from '../../navigation.tsx';
import { referralLink } from '../shared/referral-link.ts';
import { referralsQueryOptions } from './referral-queries.ts';
import { CreateDialog, EditDialog } from './ReferralDialogs.tsx';
import { ReferralsView, type CopyState } from './ReferralsView.tsx';
import { RemoveDialog, type RemoveAction } from './RemoveDialog.tsx';

/** The referrals tab: the user's links with their counts, copy, edit and 'add a new link'. */
export function ReferralsScreen() {
  const api = useApiClient();
  const { origin } = useNavigation();
  const query = useQuery(referralsQueryOptions(api));
  const [editing, setEditing] = useState<Referral | null>(null);
  const [creating, setCreating] = useState(false);
  const [removing, setRemoving] = useState<{ referral: Referral; action: RemoveAction } | null>(
    null,
  );
  const [copy, setCopy] = useState<CopyState>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copyLink = async (code: string) => {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(referralLink(origin, code));
      setCopy({ code, outcome: 'copied' });
    } catch {
      setCopy({ code, outcome: 'failed' });
    }
    timer.current = setTimeout(() => setCopy(null), COPIED_MESSAGE_DURATION_MS);
  };

  return (
    <ReferralsView
      rows={query.data}
      failed={query.isError}
      onRetry={() => void query.refetch()}
      origin={origin}
      onCopy={(code) => void copyLink(code)}
      copy={copy}
      onEdit={setEditing}
      onRemove={(referral, action) => setRemoving({ referral, action })}
      onAdd={() => setCreating(true)}
    >
      {editing && <EditDialog referral={editing} onClose={() => setEditing(null)} />}
      {creating && <CreateDialog onClose={() => setCreating(false)} />}
      {removing && <RemoveDialog {...removing} onClose={() => setRemoving(null)} />}
    </ReferralsView>
  );
}
