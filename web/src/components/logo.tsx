import { Scissors } from 'lucide-react';
import { Link } from 'react-router-dom';

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 font-bold text-slate-900" aria-label="Find Clips home">
      <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-brand-600 text-white">
        <Scissors className="h-4 w-4" aria-hidden />
      </span>
      {/* On a phone the mark alone: the bar keeps to one row, and the tab says 'Find Clips'. */}
      <span className="hidden text-lg sm:inline">Find Clips</span>
    </Link>
  );
}
