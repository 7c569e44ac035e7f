/**
 * The row of round tool buttons at the test frame's bottom left (help, settings, the voice switch), 48 px
 * each (MUI's medium Fab) with 12 px between them, level with the full-screen button at the bottom right.
 * What else sits on the frame's bottom edge (the camera's distance line) starts after the row.
 */
export const TOOL_ROW = {
  bottom: 20,
  left: { help: 16, settings: 76, speech: 136 },
  /** Where the row ends, with a 16 px gap after the last button. */
  endPx: 136 + 48 + 16,
} as const;

/** The position every tool button shares (absolute, in the frame). */
export const TOOL_SX = { position: 'absolute', bottom: TOOL_ROW.bottom, zIndex: 1 } as const;
