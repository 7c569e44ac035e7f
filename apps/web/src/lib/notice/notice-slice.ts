import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type NoticeSeverity = 'success' | 'info' | 'warning' | 'error';

export interface Notice {
  /** Increases with every notice so the same text shown twice still re-opens the snackbar. */
  id: number;
  message: string;
  severity: NoticeSeverity;
}

export interface NoticeState {
  current: Notice | null;
  nextId: number;
}

const initialState: NoticeState = { current: null, nextId: 1 };

/**
 * One app-wide message that outlives a navigation, e.g. "Your password has been reset" shown on the
 * dashboard a reset link leads to. Messages that belong to a form stay in the form.
 */
export const noticeSlice = createSlice({
  name: 'notice',
  initialState,
  reducers: {
    noticeShown(state, action: PayloadAction<{ message: string; severity?: NoticeSeverity }>) {
      state.current = {
        id: state.nextId,
        message: action.payload.message,
        severity: action.payload.severity ?? 'success',
      };
      state.nextId += 1;
    },
    noticeDismissed(state) {
      state.current = null;
    },
  },
  selectors: {
    selectNotice: (state) => state.current,
  },
});

export const { noticeShown, noticeDismissed } = noticeSlice.actions;
export const { selectNotice } = noticeSlice.selectors;
