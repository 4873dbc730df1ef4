import anna from '../../assets/team/anna.svg';
import ewa from '../../assets/team/ewa.svg';
import jakub from '../../assets/team/jakub.svg';
import kadri from '../../assets/team/kadri.svg';
import kaspar from '../../assets/team/kaspar.svg';
import liis from '../../assets/team/liis.svg';
import marta from '../../assets/team/marta.svg';
import piotr from '../../assets/team/piotr.svg';
import tomasz from '../../assets/team/tomasz.svg';

/** A role is a locale key (`company.team.roles.<role>`): job titles are translated. */
export type TeamRole =
  | 'ceo'
  | 'cto'
  | 'coo'
  | 'blockchain'
  | 'frontend'
  | 'design'
  | 'marketing'
  | 'community'
  | 'compliance';

export interface TeamMember {
  name: string;
  role: TeamRole;
  /** An illustrated portrait (ui/src/assets/team), 96 × 96. */
  photo: string;
  facebook: string;
  twitter: string;
  linkedin: string;
}

function member(name: string, role: TeamRole, photo: string, handle: string): TeamMember {
  return {
    name,
    role,
    photo,
    facebook: `https://www.facebook.com/${handle}`,
    twitter: `https://x.com/${handle.replace(/[.-]/g, '_')}`,
    linkedin: `https://www.linkedin.com/in/${handle.replace(/\./g, '-')}`,
  };
}

/** The team of nine on the company page. */
export const TEAM: readonly TeamMember[] = [
  member('Marta Wiśniewska', 'ceo', marta, 'marta.wisniewska.brnd'),
  member('Kaspar Tamm', 'cto', kaspar, 'kaspar.tamm.brnd'),
  member('Piotr Zieliński', 'coo', piotr, 'piotr.zielinski.brnd'),
  member('Liis Kask', 'blockchain', liis, 'liis.kask.brnd'),
  member('Tomasz Lewandowski', 'frontend', tomasz, 'tomasz.lewandowski.brnd'),
  member('Ewa Dąbrowska', 'design', ewa, 'ewa.dabrowska.brnd'),
  member('Jakub Nowicki', 'marketing', jakub, 'jakub.nowicki.brnd'),
  member('Kadri Mets', 'community', kadri, 'kadri.mets.brnd'),
  member('Anna Kaczmarek', 'compliance', anna, 'anna.kaczmarek.brnd'),
];
