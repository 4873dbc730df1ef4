import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../api.tsx';
import { useNavigation } from '../../navigation.tsx';
import { useSession } from '../../session.tsx';
import { useVote, useVoteLimitValues } from '../shared/brand-votes.ts';
import { useVoteEvents } from '../shared/live-updates.ts';
import { ReferBrandModal } from './ReferBrandModal.tsx';
import { useBrandSearch } from './use-brand-search.ts';
import {
  FIRST_SECTION,
  brandSectionQueryOptions,
  type IndustryFilter,
  type Section,
} from './voting-queries.ts';
import { VotingView } from './VotingView.tsx';
import { WinnerPanel } from './WinnerPanel.tsx';

export interface VotingScreenProps {
  /** `?code=` of a referral link (/ref/{code} sends vote codes here): a visitor registers with it. */
  referralCode?: string;
}

/** /voting: the monthly contest. Search, browse the three lists, vote and refer new brands. */
export function VotingScreen({ referralCode }: VotingScreenProps) {
  const api = useApiClient();
  useVoteEvents();
  const navigation = useNavigation();
  const { session } = useSession();
  const limitValues = useVoteLimitValues();
  const { castVote, votingFor } = useVote({
    loginSearch: useMemo(() => ({ voting: '' }), []),
    referralCode,
  });

  // The list the route's loader fetched with the page's code.
  const [section, setSection] = useState<Section>(FIRST_SECTION.section);
  const [industry, setIndustry] = useState<IndustryFilter>(FIRST_SECTION.industry);
  const sectionQuery = useQuery(brandSectionQueryOptions(api, section, industry));
  const search = useBrandSearch();
  const [referOpen, setReferOpen] = useState(false);

  return (
    <VotingView
      section={section}
      onSectionChange={setSection}
      industry={industry}
      onIndustryChange={setIndustry}
      sectionBrands={sectionQuery.data}
      sectionFailed={sectionQuery.isError}
      onRetrySection={() => void sectionQuery.refetch()}
      search={search}
      limitValues={limitValues}
      votingFor={votingFor}
      onVote={castVote}
      onRefer={() => {
        // Referring needs an account: the server looks the site up for a known user.
        if (session) setReferOpen(true);
        else navigation.navigate('/login', { search: { voting: '' } });
      }}
      onReferNotFound={() => {
        search.onNotFoundChange(false);
        setReferOpen(true);
      }}
      winnerPanel={<WinnerPanel />}
      referModal={
        <ReferBrandModal
          open={referOpen}
          onOpenChange={setReferOpen}
          onAdded={() => {
            search.onClearTags();
            search.onClearPicked();
            setIndustry('all');
            setSection('newlyadded');
          }}
        />
      }
    />
  );
}
