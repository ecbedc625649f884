import '@testing-library/jest-dom';
import { cleanup, configure } from '@testing-library/react';
import { contractViolations } from './render';

// What a test waits for (findBy, waitFor) may take more than Testing Library's 1 s on a machine
// busy with the rest of the suite: a sign-in's way to the dashboard did, once, under a stranger's audit.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  // What the fake gateway answered that the real one could not.
  expect(contractViolations()).toEqual([]);
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// jsdom's Blob has no arrayBuffer() (every browser we support has): read it as browsers do.
if (!Blob.prototype.arrayBuffer) {
  Blob.prototype.arrayBuffer = function arrayBuffer(this: Blob) {
    return new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error);
      reader.readAsArrayBuffer(this);
    });
  };
}

// jsdom has no pointer capture (every browser we support has), which the toast's swipe uses: a
// pointer never captured, as in a browser where nobody swipes.
if (!Element.prototype.hasPointerCapture) {
  Element.prototype.hasPointerCapture = () => false;
  Element.prototype.setPointerCapture = () => undefined;
  Element.prototype.releasePointerCapture = () => undefined;
}
