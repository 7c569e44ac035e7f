/**
 * Opens the phone controller for `pin`. The controller is a page of its own (controller.html, a light
 * entry without the main app, docs/adr/0005), so this is a full page load rather than a router
 * navigation.
 */
export function openControllerPage(pin: string): void {
  window.location.assign(`/controller/${encodeURIComponent(pin)}`);
}
