import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import BarChartOutlinedIcon from '@mui/icons-material/BarChartOutlined';
import ContrastOutlinedIcon from '@mui/icons-material/ContrastOutlined';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import LocalHospitalOutlinedIcon from '@mui/icons-material/LocalHospitalOutlined';
import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import StraightenOutlinedIcon from '@mui/icons-material/StraightenOutlined';
import type { MessageId } from '@/lib/i18n/i18n';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import type SvgIcon from '@mui/material/SvgIcon';
import type { Role } from '@visus/core';

export interface NavItem {
  label: string;
  /** The label's message id (issue 20); `label` is its English (SPEC.md §2). */
  labelId: MessageId;
  to: string;
  icon: typeof SvgIcon;
}

const USER_DRAWER: readonly (readonly NavItem[])[] = [
  [
    { label: 'Tests', labelId: 'nav.tests', to: '/user/tests', icon: VisibilityOutlinedIcon },
    { label: 'Setup', labelId: 'nav.setup', to: '/user/setup', icon: StraightenOutlinedIcon },
    {
      label: 'Calibrate Colour',
      labelId: 'nav.calibrateColour',
      to: '/user/gamma',
      icon: ContrastOutlinedIcon,
    },
    {
      label: 'Optical History',
      labelId: 'nav.opticalHistory',
      to: '/user/history',
      icon: AssignmentOutlinedIcon,
    },
    { label: 'Results', labelId: 'nav.results', to: '/user/results', icon: BarChartOutlinedIcon },
  ],
  [
    { label: 'My Profile', labelId: 'nav.myProfile', to: '/user/profile', icon: AccountCircleOutlinedIcon },
    { label: 'My Account', labelId: 'nav.myAccount', to: '/user/dashboard', icon: DashboardOutlinedIcon },
    { label: 'Info', labelId: 'nav.info', to: '/info', icon: InfoOutlinedIcon },
  ],
];

const ADMIN_DRAWER: readonly (readonly NavItem[])[] = [
  [
    { label: 'Tests', labelId: 'nav.tests', to: '/admin/tests', icon: VisibilityOutlinedIcon },
    { label: 'Setup', labelId: 'nav.setup', to: '/admin/setup', icon: StraightenOutlinedIcon },
    // SPEC.md §6: Calibrate Colour stays under /user/gamma for admins.
    {
      label: 'Calibrate Colour',
      labelId: 'nav.calibrateColour',
      to: '/user/gamma',
      icon: ContrastOutlinedIcon,
    },
    {
      label: 'Optical History',
      labelId: 'nav.opticalHistory',
      to: '/admin/history',
      icon: AssignmentOutlinedIcon,
    },
    { label: 'My Results', labelId: 'nav.myResults', to: '/admin/results', icon: BarChartOutlinedIcon },
  ],
  [
    {
      label: 'Admin Profile',
      labelId: 'nav.adminProfile',
      to: '/admin/profile',
      icon: AccountCircleOutlinedIcon,
    },
    { label: 'My Account', labelId: 'nav.myAccount', to: '/admin/dashboard', icon: DashboardOutlinedIcon },
    { label: 'Manage Users', labelId: 'nav.manageUsers', to: '/admin/profiles', icon: GroupOutlinedIcon },
    { label: 'Invites', labelId: 'nav.invites', to: '/admin/invite', icon: MailOutlineIcon },
    { label: 'Info', labelId: 'nav.info', to: '/info', icon: InfoOutlinedIcon },
  ],
];

/** A clinician's drawer: the user's, with the clinic's Patients workspace first (issue 19). */
const CLINICIAN_DRAWER: readonly (readonly NavItem[])[] = [
  [{ label: 'Patients', labelId: 'nav.patients', to: '/user/patients', icon: LocalHospitalOutlinedIcon }],
  ...USER_DRAWER,
];

/**
 * The drawer's groups for a role (SPEC.md §2 Navigation); a tester gets the user drawer, a clinician
 * the user drawer with Patients.
 */
export function drawerGroups(role: Role): readonly (readonly NavItem[])[] {
  if (role === 'admin') return ADMIN_DRAWER;
  return role === 'clinician' ? CLINICIAN_DRAWER : USER_DRAWER;
}
