import '@testing-library/jest-dom';
import { cleanup } from '@testing-library/react';
import { contractViolations } from './render';

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
