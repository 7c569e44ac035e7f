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
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import type SvgIcon from '@mui/material/SvgIcon';
import type { Role } from '@visus/core';

export interface NavItem {
  label: string;
  to: string;
  icon: typeof SvgIcon;
}

const USER_DRAWER: readonly (readonly NavItem[])[] = [
  [
    { label: 'Tests', to: '/user/tests', icon: VisibilityOutlinedIcon },
    { label: 'Setup', to: '/user/setup', icon: StraightenOutlinedIcon },
    { label: 'Calibrate Colour', to: '/user/gamma', icon: ContrastOutlinedIcon },
    { label: 'Optical History', to: '/user/history', icon: AssignmentOutlinedIcon },
    { label: 'Results', to: '/user/results', icon: BarChartOutlinedIcon },
  ],
  [
    { label: 'My Profile', to: '/user/profile', icon: AccountCircleOutlinedIcon },
    { label: 'My Account', to: '/user/dashboard', icon: DashboardOutlinedIcon },
    { label: 'Info', to: '/info', icon: InfoOutlinedIcon },
  ],
];

const ADMIN_DRAWER: readonly (readonly NavItem[])[] = [
  [
    { label: 'Tests', to: '/admin/tests', icon: VisibilityOutlinedIcon },
    { label: 'Setup', to: '/admin/setup', icon: StraightenOutlinedIcon },
    // SPEC.md §6: Calibrate Colour stays under /user/gamma for admins.
    { label: 'Calibrate Colour', to: '/user/gamma', icon: ContrastOutlinedIcon },
    { label: 'Optical History', to: '/admin/history', icon: AssignmentOutlinedIcon },
    { label: 'My Results', to: '/admin/results', icon: BarChartOutlinedIcon },
  ],
  [
    { label: 'Admin Profile', to: '/admin/profile', icon: AccountCircleOutlinedIcon },
    { label: 'My Account', to: '/admin/dashboard', icon: DashboardOutlinedIcon },
    { label: 'Manage Users', to: '/admin/profiles', icon: GroupOutlinedIcon },
    { label: 'Invites', to: '/admin/invite', icon: MailOutlineIcon },
    { label: 'Info', to: '/info', icon: InfoOutlinedIcon },
  ],
];

/** A clinician's drawer: the user's, with the clinic's Patients workspace first (issue 19). */
const CLINICIAN_DRAWER: readonly (readonly NavItem[])[] = [
  [{ label: 'Patients', to: '/user/patients', icon: LocalHospitalOutlinedIcon }],
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
