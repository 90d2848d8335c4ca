import mm_lit; mm_lit.configure(config)
