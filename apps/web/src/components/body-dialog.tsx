import Dialog, { type DialogProps } from '@mui/material/Dialog';
import { createPortal } from 'react-dom';

/**
 * MUI's Dialog, put into <body> by the render that draws it. MUI's own portal finds <body> in
 * a layout effect, so the dialog's contents render a second time, synchronously: one task
 * that React cannot slice, with the commit and every effect in it. For a dialog that opens
 * by itself while a phone's page is starting (the store's waiting-order pop-up), that was
 * the longest task of the start (decision 057). Here the dialog renders with the rest, in a
 * transition's slices where the caller defers it. <body> holds it directly, as with MUI's
 * portal, so MUI still hides everything else from screen readers while it is open.
 */
export function BodyDialog(props: Omit<DialogProps, 'disablePortal' | 'container'>) {
  const dialog = <Dialog {...props} disablePortal />;
  // The build's prerender has no document: there it renders in place (for its styles only).
  return typeof document === 'undefined' ? dialog : createPortal(dialog, document.body);
}
