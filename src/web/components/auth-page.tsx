// The frame of the sign-in screens: one calm column with a serif headline, the form, and the
// links to the other screens underneath.
import type { ReactNode } from 'react';

export function AuthPage({ kicker, title, standfirst, children, aside }: { kicker?: string; title: string; standfirst?: ReactNode; children: ReactNode; aside?: ReactNode }) {
  return (
    <div className="wrap auth">
      <div className="auth__panel">
        <header className="auth__header">
          {kicker && <p className="kicker">{kicker}</p>}
          <h1 className="display auth__title">{title}</h1>
          {standfirst && <p className="auth__standfirst">{standfirst}</p>}
        </header>
        <div className="auth__body">{children}</div>
        {aside && <div className="auth__aside">{aside}</div>}
      </div>
    </div>
  );
}
