"""Provers: deciding a program without enumerating its states.  chc.py
proves integer programs safe for every input with inductive invariants
(constrained Horn clauses solved by z3's Spacer)."""
