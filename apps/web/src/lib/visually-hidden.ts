/**
 * `sx` for text read out but not shown (a figure's table, a stacked line's cost). Pinned to
 * its box's top left corner, so it never widens what holds it (a pop-up would scroll sideways).
 */
export const visuallyHidden = { position: 'absolute', top: 0, left: 0, width: 1, height: 1, margin: '-1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;
