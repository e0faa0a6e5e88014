"""Regional rulesets. Each ruleset is a small subclass of :class:`majiang.rules.base.Ruleset`."""
