// English texts of live updates (the top bar's connection indicator).
export const liveEn = {
  indicator: {
    reconnecting: 'Reconnecting…',
    offline: 'Offline',
    reconnectingHint: 'Live updates are paused. This page refreshes every 5 seconds until the connection is back.',
    offlineHint: 'This device is offline. Changes will show when the connection is back.',
  },
};
