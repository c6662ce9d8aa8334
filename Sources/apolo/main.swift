import ApoloCLI

ApoloMain.run()
