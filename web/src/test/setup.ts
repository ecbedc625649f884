import '@testing-library/jest-dom';
import { cleanup, configure } from '@testing-library/react';
import { contractViolations } from './render';

// What a test waits for (findBy, waitFor) is jsdom's rendering, not a clock of the product's (those
// tests set their own): on a machine busy with the rest of the suite it took over Testing Library's
// 1 s, and under a stranger's load audit (three workers and two busy loops on two cores) over 5 s,
// for a sign-in's way to the dashboard and a guest's way back to the demo. A wait that fails still
// fails, later.
configure({ asyncUtilTimeout: 15_000 });

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
